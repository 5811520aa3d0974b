import type { FastifyInstance } from 'fastify';

const PASSWORD = 'bench-password-1';

/** Registers through the real route, so the user, blog and session are exactly what the app makes. */
async function register(app: FastifyInstance, email: string, blogName: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/svc/account/register',
    payload: { email, password: PASSWORD, blog_name: blogName },
  });
  if (res.statusCode !== 200) throw new Error(`register ${email}: ${res.statusCode} ${res.body}`);
  const token = res.cookies.find((c) => c.name === 'sid')?.value;
  if (!token) throw new Error(`register ${email}: no sid cookie`);
  const formKey = (res.json() as { response: { form_key: string } }).response.form_key;
  return { token, formKey };
}

/**
 * The viewer of the scenario: owns 2 blogs and follows 3 blogs of other people.
 * Returns the session token to send as the sid cookie.
 */
export async function seedViewer(app: FastifyInstance): Promise<string> {
  const { db } = app.ctx;
  const viewer = await register(app, 'bench-viewer@example.com', 'bench-viewer');
  const created = await app.inject({
    method: 'POST',
    url: '/svc/blog/create',
    headers: { cookie: `sid=${viewer.token}`, 'x-form-key': viewer.formKey },
    payload: { name: 'bench-viewer-sketches', title: 'Bench Sketches' },
  });
  if (created.statusCode !== 200) throw new Error(`create blog: ${created.statusCode} ${created.body}`);

  const others = ['bench-other-1', 'bench-other-2', 'bench-other-3'];
  for (const name of others) await register(app, `${name}@example.com`, name);

  const { id: userId } = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'bench-viewer@example.com')
    .executeTakeFirstOrThrow();
  const blogs = await db.selectFrom('blogs').select('id').where('name', 'in', others).execute();
  // Follows go in directly: the scenario measures reading user info, not following.
  await db
    .insertInto('follows')
    .values(blogs.map((b) => ({ user_id: userId, blog_id: b.id })))
    .execute();
  return viewer.token;
}
