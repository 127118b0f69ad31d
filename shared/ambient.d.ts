// Ambient declarations a package type-checking @dosar/shared's source needs:
// `/// <reference types="@dosar/shared/ambient" />` (each app's src/ambient.d.ts).
/// <reference path="./src/styles.d.ts" />
/// <reference path="./src/files/preview/pdfjs.d.ts" />
