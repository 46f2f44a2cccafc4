import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';

/**
 * Issue 19: pages that paint before React. The landing page, /search and a listing's page are
 * rendered to HTML here with the web app's own components (its server build,
 * apps/web/dist-ssr/entry-server.js, made by `npm run build`), from the data the API already
 * has, so the browser paints them before any script runs; the app then hydrates that HTML.
 *
 * The page's API calls are answered in-process (app.inject) without the visitor's headers:
 * what is rendered is what any visitor not logged in sees, never one visitor's data. Any
 * failure (no server build, an error while rendering) serves today's index.html instead.
 */

type Transport = (url: string, init: RequestInit) => Promise<Response>;

interface RenderedPage {
  html: string;
  stateScript: string;
}

interface ServerEntry {
  render(url: string, transport: Transport): Promise<RenderedPage | null>;
}

export type PageRenderer = (url: string, indexHtml: string) => Promise<string>;

const ROOT_OPEN = '<div id="root">';
/** The API's answer to one of the page's calls, as the browser's fetch would have it. */
function inProcessTransport(app: FastifyInstance): Transport {
  return async (url, init) => {
    // A page being rendered only reads; nothing may change on behalf of a visitor here.
    if (init.method && init.method !== 'GET') return new Response(null, { status: 405 });
    const response = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
    }
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : response.payload, { status: response.statusCode, headers });
  };
}

/**
 * index.html with #root holding the rendered page instead of its placeholder, and the state
 * the client hydrates from after it. Undefined when index.html has no #root to fill.
 */
export function fillRoot(indexHtml: string, page: RenderedPage): string | undefined {
  // React writes the preloads it wants (an eager image) first: they belong in <head>.
  const hoisted = /^(?:<link [^>]*\/?>)+/.exec(page.html)?.[0] ?? '';
  const body = page.html.slice(hoisted.length);
  const headEnd = indexHtml.search(/<\/head>/i);
  if (hoisted && headEnd === -1) return undefined;
  const html = hoisted ? `${indexHtml.slice(0, headEnd)}  ${hoisted}\n  ${indexHtml.slice(headEnd)}` : indexHtml;
  return fillBody(scriptsAtLowPriority(html), body, page.stateScript);
}

/**
 * The app's scripts at low fetch priority. A drawn page needs its stylesheet, fonts and first
 * images to paint, not the ~170 KB of JavaScript that only hydrates it; at the default (high)
 * priority the scripts, requested first, shared the phone's bandwidth with the stylesheet and
 * held the first paint back. They still start at once and run before the load event; a page
 * the browser draws itself keeps them at high priority (it cannot paint without them).
 */
function scriptsAtLowPriority(html: string): string {
  // Added last in the tag: what reads the tags as the build wrote them still finds them.
  return html.replace(
    /(<(?:script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)[^>]*?)(\s*\/?>)/g,
    '$1 fetchpriority="low"$2',
  );
}

function fillBody(indexHtml: string, body: string, stateScript: string): string | undefined {
  const start = indexHtml.indexOf(ROOT_OPEN);
  const bodyEnd = indexHtml.lastIndexOf('</body>');
  // #root is the body's last element: its closing tag is the last </div> before </body>.
  const end = start === -1 || bodyEnd === -1 ? -1 : indexHtml.lastIndexOf('</div>', bodyEnd);
  if (end <= start) return undefined;
  return `${indexHtml.slice(0, start)}${ROOT_OPEN}${body}</div>\n    ${stateScript}${indexHtml.slice(end + '</div>'.length)}`;
}

/**
 * Loads the web app's server build next to `webRoot` (dist → dist-ssr) once. The renderer
 * returns the page's HTML, or `indexHtml` unchanged when the page is not server-rendered.
 */
export async function loadPageRenderer(app: FastifyInstance, webRoot: string): Promise<PageRenderer> {
  const entryFile = path.join(webRoot, '..', 'dist-ssr', 'entry-server.js');
  const plain: PageRenderer = (_url, indexHtml) => Promise.resolve(indexHtml);
  if (!existsSync(entryFile)) {
    app.log.info({ entryFile }, 'no server build of the web app: pages are rendered in the browser only');
    return plain;
  }
  let entry: ServerEntry;
  try {
    entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  } catch (error) {
    app.log.error({ err: error, entryFile }, 'could not load the server build of the web app: pages are rendered in the browser only');
    return plain;
  }
  const transport = inProcessTransport(app);
  const render = async (url: string, indexHtml: string): Promise<string> => {
    try {
      const page = await entry.render(url, transport);
      if (!page) return indexHtml;
      return fillRoot(indexHtml, page) ?? indexHtml;
    } catch (error) {
      // The visitor still gets the page: the browser renders it as before.
      app.log.error({ err: error, url }, 'server render failed; serving the page without it');
      return indexHtml;
    }
  };
  return render;
}
