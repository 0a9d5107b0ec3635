// The bootstrap: read the launch inputs into a scope, ask the root injector
// for the application, run it. Nothing else happens here — every decision
// about what to build lives in the injectors — but for one step the Swift
// runtime needs before any of that: at a terminal, its crash report would
// wait there for a key, so the program starts again, once, telling it not
// to (see CrashReports). And a run the program started itself, to fetch an
// `--import` URL where nothing the server sends can stop this one, only
// fetches (see ChildProcessHTTPSource).

import AppScope
import Features
import Foundation
import Injectors
import Launch
import RemoteFiles
import Terminal

if let status = await ChildProcessHTTPSource.serveIfChild(CommandLine.arguments) {
    exit(status)
}
CrashReports.keepFromAsking()

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
