import TextMeasure
public enum RowHeightPlaceholder {}
