// The bootstrap: read the launch inputs into a scope, ask the root injector
// for the application, run it. Nothing else happens here — every decision
// about what to build lives in the injectors.

import AppScope
import Features
import Foundation
import Injectors
import Launch
import Terminal

let status: ExitCode
do {
    let scope = try AppInjector.injectAppScope(.current())
    status = await AppInjector.injectApplication(scope).run()
} catch {
    StandardConsole(showsPrompts: false, outputIsTerminal: false, style: .plain).writeErrorLine(
        "people: \(error)")
    status = .usage
}
exit(status.rawValue)
