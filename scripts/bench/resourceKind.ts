/** What a first-visit byte counts as. */
export type ResourceKind = 'js' | 'css' | 'html' | 'media' | 'other';

/**
 * Classifies a response by its MIME type, falling back to the CDP resource type (Document, Script,
 * Stylesheet, Font, Image, …). `media` is fonts + images.
 */
export function resourceKind(mimeType: string | undefined, resourceType: string | undefined): ResourceKind {
  const mime = (mimeType ?? '').toLowerCase();
  if (mime.includes('javascript') || mime === 'application/ecmascript') return 'js';
  if (mime === 'text/css') return 'css';
  if (mime === 'text/html' || mime === 'application/xhtml+xml') return 'html';
  if (mime.startsWith('image/') || mime.startsWith('font/') || mime.includes('font')) return 'media';
  switch (resourceType) {
    case 'Script':
      return 'js';
    case 'Stylesheet':
      return 'css';
    case 'Document':
      return 'html';
    case 'Font':
    case 'Image':
      return 'media';
    default:
      return 'other';
  }
}
