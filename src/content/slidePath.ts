/**
 * Spec section 2: the route is the page name lowercased, spaces as hyphens, behind a slash;
 * Cover is the main page at `/`.
 */
export function slidePath(name: string): string {
  if (name === 'Cover') return '/';
  return `/${name.toLowerCase().replace(/\s+/g, '-')}`;
}
