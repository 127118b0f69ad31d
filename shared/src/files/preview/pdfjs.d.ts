// The minified legacy build of pdf.js has the same exports as the typed entry.
declare module 'pdfjs-dist/legacy/build/pdf.min.mjs' {
  export * from 'pdfjs-dist';
}
