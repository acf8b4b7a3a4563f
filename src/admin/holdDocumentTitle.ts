/**
 * Sets the tab's title and keeps it while the console shows: the deck's route effects name any path
 * that is not a slide "Page Not Found", and they may run after the console has mounted (a client-side
 * move to ADMIN_PATH). Returns the undo, which stops holding it.
 */
export function holdDocumentTitle(title: string, doc: Document = document): () => void {
  doc.title = title;
  const observer = new MutationObserver(() => {
    if (doc.title !== title) doc.title = title;
  });
  observer.observe(doc.head, { childList: true, subtree: true, characterData: true });
  return () => observer.disconnect();
}
