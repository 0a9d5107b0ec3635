import Features
import Testing

/// The screens are declared once, in `AppScreen`, with what a person can
/// ask of each; every front end's keys are held to that declaration by its
/// own tests (the line front end's in `LineKeyMapTests`).
@Suite struct AppScreenTests {
    @Test(arguments: AppScreen.allCases)
    func everyScreenOffersHelpAndNoIntentTwice(_ screen: AppScreen) {
        #expect(screen.intents.contains(.help), "\(screen.name) has no help")
        #expect(
            Set(screen.intents).count == screen.intents.count, "an intent twice on \(screen.name)")
    }

    @Test func everyIntentIsOfferedBySomeScreen() {
        let offered = Set(AppScreen.allCases.flatMap(\.intents))
        #expect(offered == Set(ScreenIntent.allCases), "an intent no screen offers")
    }

    @Test func everyIntentHasASummaryAndNoTwoTheSame() {
        let summaries = ScreenIntent.allCases.map(\.summary)
        #expect(!summaries.contains(""))
        #expect(Set(summaries).count == summaries.count)
    }
}
