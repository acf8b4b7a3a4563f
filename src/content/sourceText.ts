/**
 * A content file's text as every reader takes it: without the UTF-8 byte-order mark some Windows
 * editors write, and with CRLF (or a lone CR) line endings as LF. Line and column numbers are
 * unchanged, so a diagnostic still points at the editor's line.
 */
export function normalizeSourceText(text: string): string {
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}
