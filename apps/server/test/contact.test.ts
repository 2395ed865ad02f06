import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test-app.js';

const valid = {
  name: 'Priya Sharma',
  email: 'Priya@Example.com ',
  message: 'My payout has not arrived yet, please help.',
};

describe('POST /api/contact', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const post = (payload: unknown, remoteAddress = '203.0.113.7') =>
    t.app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress });

  it('stores the message, trimmed, with the email lowercased', async () => {
    const response = await post(valid);
    expect(response.statusCode).toBe(201);
    const body = response.json<{ id: string; createdAt: number }>();
    expect(Object.keys(body).sort()).toEqual(['createdAt', 'id']);
    expect(body.createdAt).toBe(t.clock.now());

    const row = await t.database.db
      .selectFrom('contactMessages')
      .selectAll()
      .where('id', '=', body.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      id: body.id,
      name: 'Priya Sharma',
      email: 'priya@example.com',
      message: 'My payout has not arrived yet, please help.',
      createdAt: t.clock.now(),
    });
  });

  it.each([
    ['a missing name', { ...valid, name: undefined }, 'name', 'Please enter your name.'],
    ['a blank name', { ...valid, name: '   ' }, 'name', 'Please enter your name.'],
    ['a name that is a number', { ...valid, name: 42 }, 'name', 'Please enter your name.'],
    ['a missing email', { ...valid, email: undefined }, 'email', 'Please enter your email address.'],
    [
      'an invalid email',
      { ...valid, email: 'priya-at-example' },
      'email',
      'Please enter a valid email address, like name@example.com.',
    ],
    ['a missing message', { ...valid, message: '' }, 'message', 'Please write a message.'],
    [
      'a too-short message',
      { ...valid, message: 'help' },
      'message',
      'Please tell us a little more (at least 10 characters).',
    ],
    [
      'a too-long message',
      { ...valid, message: 'x'.repeat(5001) },
      'message',
      'Please keep your message under 5,000 characters.',
    ],
    ['a too-long name', { ...valid, name: 'x'.repeat(101) }, 'name', 'Please keep your name under 100 characters.'],
  ])('refuses %s with a field error and stores nothing', async (_label, payload, field, message) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    const { error } = response.json<{ error: { code: string; message: string; fields: Record<string, string> } }>();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields[field]).toBe(message);
    const stored = await t.database.db.selectFrom('contactMessages').select('id').execute();
    expect(stored).toEqual([]);
  });

  it('reports every invalid field at once', async () => {
    const response = await post({});
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields).sort()).toEqual(['email', 'message', 'name']);
  });

  it('refuses a body that is not a JSON object', async () => {
    const array = await post([valid]);
    expect(array.statusCode).toBe(400);
    expect(array.json().error.code).toBe('VALIDATION_FAILED');

    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Priya",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'The request could not be read. Send valid JSON.' },
    });
  });

  it.each([
    ['application/x-www-form-urlencoded', 'name=a&email=b&message=c'],
    ['text/plain', '{"name":"a","email":"b@c.in","message":"sent as text/plain"}'],
    ['multipart/form-data; boundary=x', '--x--'],
  ])('refuses %s, which a form on another site could send without asking', async (contentType, payload) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the request as JSON (Content-Type: application/json).' },
    });
  });

  it('limits each network to 10 messages per 15 minutes, without touching others', async () => {
    for (let i = 0; i < 10; i += 1) expect((await post(valid)).statusCode).toBe(201);

    const limited = await post(valid);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(limited.json().error.message).toMatch(/^Too many requests from your network\. Please try again in .+\.$/);
    expect(limited.headers['retry-after']).toBeDefined();

    expect((await post(valid, '198.51.100.20')).statusCode).toBe(201);
    const stored = await t.database.db.selectFrom('contactMessages').select('id').execute();
    expect(stored).toHaveLength(11);
  });

  it('stores each of many simultaneous messages exactly once', async () => {
    const responses = await Promise.all(Array.from({ length: 5 }, (_, i) => post(valid, `192.0.2.${i + 1}`)));
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const ids = new Set(responses.map((r) => r.json<{ id: string }>().id));
    expect(ids.size).toBe(5);
    const stored = await t.database.db.selectFrom('contactMessages').select('id').execute();
    expect(stored).toHaveLength(5);
  });
});
