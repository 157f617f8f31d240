// Runs in the upload worker (brand-image-job.ts): an SVG is a document that can carry scripts,
// event handlers and references to other sites. DOMPurify (on jsdom's DOM) keeps the SVG
// profile's elements and attributes only; the hooks below also drop every reference that leaves
// the file (href, url(), @import), so the logo renders the same offline and tells no one it was seen.
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

const svgNamespace = 'http://www.w3.org/2000/svg';
// embedded pictures are part of the file, not a reference to elsewhere
const embeddedPicture = /^data:image\/(?:png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i;
const externalUrl = /url\(\s*['"]?\s*(?!#)/i;

export class UnsafeSvgError extends Error {
  override name = 'UnsafeSvgError';
}

/** The prologue a drawing program may write; an internal DTD subset (entities) is refused. */
function withoutPrologue(text: string): string {
  const body = text.replace(/^\uFEFF/, '').replace(/^\s*<\?xml[^>]*\?>/, '');
  if (/<!DOCTYPE[^>]*\[/i.test(body) || /<!ENTITY/i.test(body)) {
    throw new UnsafeSvgError('an SVG with a DTD subset');
  }
  return body.replace(/<!DOCTYPE[^>]*>/i, '');
}

/** The sanitised SVG as XML, or UnsafeSvgError when the content is not an SVG document. */
export function sanitiseSvg(text: string): string {
  let dom: JSDOM;
  try {
    dom = new JSDOM(withoutPrologue(text), { contentType: 'image/svg+xml' });
  } catch (err) {
    throw new UnsafeSvgError('not well-formed XML', { cause: err });
  }
  const { window } = dom;
  try {
    const root = window.document.documentElement;
    if (root.localName !== 'svg' || root.namespaceURI !== svgNamespace) {
      throw new UnsafeSvgError('the root element is not <svg>');
    }
    const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
    purify.addHook('uponSanitizeElement', (node, data) => {
      // a style sheet that imports or points elsewhere goes whole
      if (
        data.tagName === 'style' &&
        /@import|url\(\s*['"]?\s*(?!#)/i.test(node.textContent ?? '')
      ) {
        node.parentNode?.removeChild(node);
      }
    });
    purify.addHook('uponSanitizeAttribute', (node, data) => {
      const name = data.attrName.toLowerCase();
      const value = data.attrValue.trim();
      if (name === 'href' || name === 'xlink:href') {
        const local = value.startsWith('#');
        const picture = node.nodeName.toLowerCase() === 'image' && embeddedPicture.test(value);
        if (!local && !picture) data.keepAttr = false;
      } else if (externalUrl.test(value) || /@import/i.test(value)) {
        data.keepAttr = false;
      }
    });
    purify.sanitize(root, {
      IN_PLACE: true,
      USE_PROFILES: { svg: true, svgFilters: true },
      // <a> links somewhere, foreignObject carries HTML: neither belongs in a logo
      FORBID_TAGS: ['a', 'foreignObject', 'script', 'iframe'],
      // <use> may only point inside the file (the href hook above)
      ADD_TAGS: ['use'],
      ADD_ATTR: ['xlink:href'],
    });
    const out = new window.XMLSerializer().serializeToString(root);
    if (!/^<svg[\s>]/.test(out)) throw new UnsafeSvgError('nothing of the SVG was left');
    return out;
  } finally {
    window.close();
  }
}
