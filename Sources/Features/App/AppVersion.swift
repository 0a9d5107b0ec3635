/// The version of the sample: a constant of the build, not a setting.
///
/// Here rather than with the launch parser, so that the settings screen and
/// `people --version` read the same value without either knowing how the
/// command line is parsed.
public enum AppVersion {
    /// The version `people --version` and the settings screen show.
    public static let current = "1.0.0"
}
