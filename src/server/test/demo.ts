import { seedDemoData } from '../demo/seed';
import { login, type Session, type TestApp } from './test-app';

/** Seeds the demo data as a first start does, and logs in with the login it prints. */
export async function seedAndLogInDemo(t: TestApp): Promise<Session> {
  const line = await seedDemoData(t.ctx);
  const [, email, password] = line!.match(/^Demo login: (\S+) \/ (\S+) \(kept in /)!;
  return login(t.app, { email: email!, password: password! });
}
