// Prints the text of the PDF read from stdin as JSON {pages, text}. Runs as a plain Node process: pdf.js loads its
// worker with a dynamic import() that Jest's module sandbox cannot run.
const { PDFParse } = require('pdf-parse');

const chunks = [];
process.stdin.on('data', (chunk) => chunks.push(chunk));
process.stdin.on('end', async () => {
  const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
  const result = await parser.getText();
  await parser.destroy();
  process.stdout.write(JSON.stringify({ pages: result.total, texts: result.pages.map((page) => page.text) }));
});
