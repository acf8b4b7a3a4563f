import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  inlineSources,
  servedPagePolicy,
  sha256Source,
  withoutPolicyMeta,
  withPolicyMeta,
} from '../../src/platform/http/contentSecurityPolicy.ts';

// The policy builder. Hashes are taken of exactly what the browser runs and
// applies: the text of inline scripts and stylesheets as the HTML parser reads it.
// (That chromium agrees is tests/browser/contentSecurityPolicy.test.ts.)

const page = [
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" />',
  '<title>A &lt;b&gt; <style>not a tag</style></title>',
  '<style>body{color:red}</style>',
  '<script type="module" src="/assets/main.js"></script>',
  '<script type="application/json">{"data":1}</script>',
  '</head><body>',
  '<div style="--brand:#c2410c" title=\'style="decoy"\'>',
  "<p style='font-family:&quot;Inter&quot;, sans-serif'>x</p><p STYLE=color:red>y</p>",
  '<!-- <style>commented{}</style> -->',
  '<script type="module">const s = "<div style=\\"in-script\\">"; start()</script>',
  '</div></body></html>',
].join('\r\n');

/** The directives of a policy, as name → sources. */
const directives = (policy: string) => new Map(policy.split('; ').map((part) => [part.split(' ')[0]!, part.split(' ').slice(1)]));

describe('inlineSources', () => {
  it('finds inline scripts and stylesheets: not external scripts, data blocks, comments or text that only looks like a tag', () => {
    const found = inlineSources(page);
    // Script text is taken whole, tags in it ignored; the title's text is no <style>.
    expect(found.scripts).toEqual(['const s = "<div style=\\"in-script\\">"; start()']);
    expect(found.styles).toEqual(['body{color:red}']);
    expect(inlineSources('<script type=\'text/javascript\' data-src="x">a()</script><script SRC=b.js></script>').scripts).toEqual(['a()']);
  });

  it('reads line breaks as the parser does (CRLF and CR become LF)', () => {
    expect(inlineSources('<script>a()\r\nb()\rc()</script>').scripts).toEqual(['a()\nb()\nc()']);
  });
});

describe('sha256Source', () => {
  it('is the base64 SHA-256 of the UTF-8 text, quoted as CSP writes it', () => {
    // Published test vectors (FIPS 180-2): SHA-256 of "" and of "abc".
    expect(sha256Source('')).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
    expect(sha256Source('abc')).toBe("'sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0='");
    expect(sha256Source('é')).not.toBe(sha256Source('e'));
  });
});

describe('contentSecurityPolicy', () => {
  it('allows the page’s own inline script and stylesheet by hash, and no other inline script or stylesheet', () => {
    const policy = directives(contentSecurityPolicy(page, { frameAncestors: ["'self'", 'https://app.base44.com'], report: true }));
    const script = inlineSources(page).scripts[0]!;
    expect(policy.get('script-src')).toEqual([sha256Source(script), "'strict-dynamic'"]);
    expect(policy.get('style-src')).toEqual(["'self'", sha256Source('body{color:red}'), sha256Source('')]);
    // The one 'unsafe-inline': style attributes of the prerendered markup (the brand colours).
    expect(policy.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'", 'https://app.base44.com']);
    expect(policy.get('report-uri')).toEqual(['/api/csp-report']);
    const text = [...policy]
      .filter(([name]) => name !== 'style-src-attr')
      .flatMap(([, sources]) => sources)
      .join(' ');
    expect(text).not.toContain("'unsafe-inline'");
    expect(text).not.toContain("'unsafe-eval'");
    expect(text).not.toContain("'unsafe-hashes'");
  });

  it('runs no script on a page without one', () => {
    const policy = directives(contentSecurityPolicy('<html><head><meta charset="UTF-8"></head><body><p>plain</p></body></html>'));
    expect(policy.get('script-src')).toEqual(["'none'"]);
    // Without a framing or report context (a <meta> policy) neither directive is written.
    expect(policy.has('frame-ancestors')).toBe(false);
    expect(policy.has('report-uri')).toBe(false);
  });

  it('lists one hash once however often the same text appears', () => {
    const twice = '<script>go()</script><script>go()</script><style>a{}</style><style>a{}</style>';
    const policy = directives(contentSecurityPolicy(twice));
    expect(policy.get('script-src')).toEqual([sha256Source('go()'), "'strict-dynamic'"]);
    expect(policy.get('style-src')).toEqual(["'self'", sha256Source('a{}'), sha256Source('')]);
  });
});

describe('the policy in a <meta> (static hosts) and as a header (the platform)', () => {
  it('puts the page’s policy right after its charset, once, and takes it out again', () => {
    const withMeta = withPolicyMeta(page);
    expect(withMeta).toMatch(/<meta charset="UTF-8" \/><meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'sha256-/);
    expect(withPolicyMeta(withMeta)).toBe(withMeta);
    expect(withoutPolicyMeta(withMeta)).toBe(page);
    const meta = /content="([^"]*)"/.exec(withMeta.slice(withMeta.indexOf('http-equiv')))![1]!;
    expect(meta).toBe(contentSecurityPolicy(page));
    expect(() => withPolicyMeta('<html><head></head></html>')).toThrow(/no <meta charset>/);
  });

  it('computes a served page’s header from its bytes without the <meta>, once per framing', () => {
    const bytes = new Uint8Array(Buffer.from(withPolicyMeta(page)));
    const deck = servedPagePolicy(bytes, ["'self'", 'https://app.base44.com']);
    expect(deck).toBe(contentSecurityPolicy(page, { frameAncestors: ["'self'", 'https://app.base44.com'], report: true }));
    expect(servedPagePolicy(bytes, ["'self'", 'https://app.base44.com'])).toBe(deck);
    expect(directives(servedPagePolicy(bytes, ["'self'"])).get('frame-ancestors')).toEqual(["'self'"]);
  });
});
