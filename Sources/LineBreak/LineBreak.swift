/// Unicode line breaking (UAX #14). Placeholder until the algorithm lands.
public enum LineBreakPlaceholder {}
