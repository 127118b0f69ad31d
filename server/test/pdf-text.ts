import { execFile } from 'node:child_process';
import path from 'node:path';

/**
 * The text of every page of a PDF as pdf.js extracts it (what a person copying from a viewer gets).
 * pdf.js's legacy build is an ES module meant for Node itself: it runs in a child `node`, where it loads
 * natively, instead of through jest's CommonJS transform and sandbox.
 */
const SCRIPT = `
// Node 20 has no Promise.withResolvers, which this pdf.js calls.
Promise.withResolvers ??= function () {
  let resolve, reject;
  const promise = new this((yes, no) => { resolve = yes; reject = no; });
  return { promise, resolve, reject };
};
const entry = 'pdfjs-dist/legacy/build/pdf.mjs';
const { getDocument } = await import(entry);
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const pdf = await getDocument({ data: new Uint8Array(Buffer.concat(chunks)), verbosity: 0 }).promise;
const pages = [];
for (let n = 1; n <= pdf.numPages; n++) {
  const content = await (await pdf.getPage(n)).getTextContent();
  pages.push(content.items.map((item) => item.str ?? '').join(' '));
}
await pdf.cleanup();
process.stdout.write(JSON.stringify(pages));
`;

export async function pdfPages(bytes: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['--input-type=module', '-e', SCRIPT],
      { cwd: path.resolve(__dirname, '..'), maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`pdf.js: ${error.message} ${stderr}`));
        else resolve(JSON.parse(stdout) as string[]);
      },
    );
    child.stdin?.end(bytes);
  });
}

export const pdfText = async (bytes: Buffer): Promise<string> => (await pdfPages(bytes)).join('\n');
