// Small helpers the page's modules share for writing HTML.

/** `text` safe inside HTML (element content or a quoted attribute). */
export function escape(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A number from a proto JSON field, which leaves zeros (and empty lists) out. */
export function count(value) {
  return Number(value ?? 0);
}
