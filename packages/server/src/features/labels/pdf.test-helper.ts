import { PDFParse } from 'pdf-parse';

/** Text and page count of a PDF, read by a real parser (pdf-parse over pdf.js). */
export async function parsePdf(bytes: Buffer): Promise<{ pages: number; text: string }> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    const result = await parser.getText();
    return { pages: result.total, text: result.text };
  } finally {
    await parser.destroy();
  }
}
