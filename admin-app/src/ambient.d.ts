// Declarations @dosar/shared's source needs (stylesheets, pdf.js's minified build) for the type checker.
/// <reference types="@dosar/shared/ambient" />
