import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WebRenderer } from '../src/features/pages/index.js';
import { signUp } from './accounts-helpers.js';
import { buildTestApp, type TestApp } from './test-app.js';

// The web's own server entry, from its sources, as in server-pages.test.ts (ADR 027), wrapped so
// the test can count renders (the visitors' page cache).
const webEntry = path.resolve(import.meta.dirname, '../../web/src/entry-server.tsx');
const web = (await import(webEntry)) as WebRenderer;
const renderPage = vi.fn((input: Parameters<WebRenderer['renderPage']>[0]) => web.renderPage(input));
const renderer: WebRenderer = { ...web, renderPage };

const SHELL =
  '<!doctype html><html lang="en-IN"><head>\n<meta\n  name="description"\n  content="Kholo, the site"\n/>\n' +
  '<meta name="kholo-config" content="{}" /></head><body><div id="root"></div>' +
  '<script type="module" src="/assets/index-1a2b.js"></script></body></html>';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'kholo-dist-'));
  await fs.writeFile(path.join(dist, 'index.html'), SHELL);
  t = await buildTestApp({ webDistDir: dist, publicUrl: 'https://kholo.example' }, { deps: { webRenderer: renderer } });
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

function htmlLang(body: string): string | undefined {
  return /<html lang="([^"]*)"/.exec(body)?.[1];
}

describe('server-rendered pages in the visitor’s language (ADR 030)', () => {
  it('Accept-Language hi-IN gets the Hindi landing page, <html lang="hi-IN">', async () => {
    const response = await get('/', { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' });
    expect(response.statusCode).toBe(200);
    expect(htmlLang(response.body)).toBe('hi-IN');
    expect(response.body).toContain('<title>Kholo — अपनी फ़ोटो और वीडियो बेचें</title>');
    const head = response.body.slice(0, response.body.indexOf('</head>'));
    expect(head.match(/name="description"/g)).toHaveLength(1);
    expect(head).toMatch(/<meta name="description" content="Kholo पर भारत के क्रिएटर्स/);
    expect(response.body).toContain('अपनी फ़ोटो और वीडियो से कमाई करें');
    // The boot script turns the tagline from the phrases in the page: they must be the Hindi ones.
    expect(response.body).toMatch(/data-tagline=""[^]*अपनी रील्स/);
    expect(response.body).not.toContain('your reels');
    expect(response.body).toContain('लॉग इन');
    expect(response.body).toContain('भारत में बना, भारत के क्रिएटर्स के लिए।');
    expect(response.body).not.toContain('>Login<');
    // The switch offers English, in English.
    expect(response.body).toMatch(/<button[^>]*lang="en" aria-label="English"[^>]*>[^]*?English<\/span><\/button>/);
  });

  it('the cookie kholo_lang=en wins over a Hindi browser', async () => {
    const response = await get('/', { 'accept-language': 'hi-IN', cookie: 'kholo_lang=en' });
    expect(htmlLang(response.body)).toBe('en-IN');
    expect(response.body).toContain('>Login<');
    expect(response.body).not.toContain('लॉग इन');
  });

  it('kholo_lang=hi wins over an English browser; a junk cookie falls back to the browser', async () => {
    const hindi = await get('/', { 'accept-language': 'en-US', cookie: 'kholo_lang=hi' });
    expect(htmlLang(hindi.body)).toBe('hi-IN');
    const junk = await get('/', { 'accept-language': 'en-US', cookie: 'kholo_lang=xx' });
    expect(htmlLang(junk.body)).toBe('en-IN');
    expect(junk.body).toContain('>Login<');
  });

  it('no language asked: English', async () => {
    const response = await get('/');
    expect(htmlLang(response.body)).toBe('en-IN');
    expect(response.body).toContain('>Login<');
  });

  it('the visitors’ page cache keeps Hindi and English apart, each rendered once', async () => {
    renderPage.mockClear();
    const first = await get('/PrivacyPolicy', { 'accept-language': 'hi-IN' });
    const english = await get('/PrivacyPolicy', { 'accept-language': 'en-IN' });
    const again = await get('/PrivacyPolicy', { 'accept-language': 'hi' });
    const englishAgain = await get('/PrivacyPolicy', { cookie: 'kholo_lang=en' });
    expect(htmlLang(first.body)).toBe('hi-IN');
    expect(first.body).toContain('नीतियाँ');
    expect(htmlLang(english.body)).toBe('en-IN');
    expect(english.body).not.toContain('नीतियाँ');
    expect(again.body).toBe(first.body);
    expect(englishAgain.body).toBe(english.body);
    expect(renderPage.mock.calls.map(([input]) => input.locale)).toEqual(['hi', 'en']);
  });

  it('the 404 page in Hindi, status 404', async () => {
    const response = await get('/no-such-page', { 'accept-language': 'hi-IN' });
    expect(response.statusCode).toBe(404);
    expect(htmlLang(response.body)).toBe('hi-IN');
    expect(response.body).toContain('<title>पेज नहीं मिला · Kholo</title>');
    expect(response.body).toContain('अरे! यह पेज नहीं मिला');
  });

  it('a signed-in account’s server-rendered page follows her language too', async () => {
    const fan = await signUp(t.app, { role: 'fan', name: 'Isha Patel' });
    const response = await get('/PrivacyPolicy', { cookie: `${fan.cookie}; kholo_lang=hi` });
    expect(htmlLang(response.body)).toBe('hi-IN');
    expect(response.body).toContain('लॉग आउट');
  });

  it('a page the browser renders itself gets the shell in her language: <html lang> and the site’s description', async () => {
    const hindi = await get('/purchases', { 'accept-language': 'hi-IN' });
    expect(hindi.statusCode).toBe(200);
    expect(hindi.body).not.toContain('data-server-rendered');
    expect(htmlLang(hindi.body)).toBe('hi-IN');
    const head = hindi.body.slice(0, hindi.body.indexOf('</head>'));
    expect(head.match(/name="description"/g)).toHaveLength(1);
    expect(head).toMatch(/<meta name="description" content="Kholo पर भारत के क्रिएटर्स/);
    const english = await get('/purchases', { 'accept-language': 'hi-IN', cookie: 'kholo_lang=en' });
    expect(htmlLang(english.body)).toBe('en-IN');
    expect(english.body).toContain('content="Kholo, the site"');
  });

  it('pages vary on Cookie and Accept-Language', async () => {
    for (const url of ['/', '/no-such-page', '/purchases']) {
      const response = await get(url, { 'accept-language': 'hi-IN' });
      expect(response.headers.vary).toMatch(/\bCookie\b/);
      expect(response.headers.vary).toMatch(/\bAccept-Language\b/);
    }
  });
});
