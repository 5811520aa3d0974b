import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { newPerson, registerAndOpenDashboard } from './support/people';

// Spec 2 §7: the embed page of a photo set posts a resize message to the page that frames it,
// with the post id and the set's width; its one script runs under the page's policy (by its hash).
test('a photo set framed by another page tells it its size, and breaks no rule of the embed policy', async ({ page, browser }) => {
  const person = newPerson('embedder');
  await registerAndOpenDashboard(page, person);
  const formKey = await page.evaluate(async () => (await (await fetch('/svc/user/info')).json()).response.form_key as string);
  const urls: string[] = [];
  for (const colour of ['#2a7', '#a27']) {
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: colour } }).png().toBuffer();
    const upload = await page.request.post('/svc/media/upload', { headers: { 'x-form-key': formKey }, multipart: { photo: { name: 'p.png', mimeType: 'image/png', buffer: photo } } });
    expect(upload.status()).toBe(200);
    urls.push(((await upload.json()) as { response: { url: string }[] }).response[0]!.url);
  }
  const saved = await page.request.post('/svc/post/update', {
    headers: { 'x-form-key': formKey },
    data: { channel_id: person.blogName, 'post[type]': 'photo', 'images[o1]': urls[0], 'images[o2]': urls[1], 'post[two]': '<p>A set to frame</p>' },
  });
  expect(saved.status()).toBe(200);
  const { created_post: post } = ((await saved.json()) as { response: { created_post: { id: string; reblog_key: string } } }).response;
  const embed = new URL(`/embed/post/${person.blogName}/${post.id}?key=${encodeURIComponent(post.reblog_key)}`, page.url()).href;

  // Another site, framing the embed and listening.
  const site = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>elsewhere</title><body></body>'));
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.2', resolve));
  const elsewhere = `http://127.0.0.2:${(site.address() as AddressInfo).port}/`;
  const other = await browser.newPage();
  try {
    const violations: string[] = [];
    other.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    // A page of its own at an origin of its own, on a second loopback address (the embed's policy lets
    // web pages frame it, not an opaque about:blank; and the browser keeps a public page from framing loopback).
    await other.goto(elsewhere);
    const message = await other.evaluate(
      (src) =>
        new Promise<{ type: string; post_id: string; width: number; height: number }>((resolve) => {
          addEventListener('message', (event) => resolve(event.data));
          const frame = document.createElement('iframe');
          frame.src = src;
          frame.width = '540';
          frame.height = '400';
          document.body.append(frame);
        }),
      embed,
    );
    expect(message).toMatchObject({ type: 'tumbleweed:resize', post_id: post.id });
    expect(message.width).toBeGreaterThan(300);
    expect(message.width).toBeLessThanOrEqual(540);
    expect(message.height).toBeGreaterThan(message.width / 2);
    expect(violations).toEqual([]);
  } finally {
    await other.close();
    await new Promise((resolve) => site.close(resolve));
  }
});
