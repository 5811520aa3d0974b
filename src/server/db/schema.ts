import type { Kysely } from 'kysely';
import type { BlogTable } from './tables/blog';
import type { EmailVerificationTable } from './tables/email-verification';
import type { FollowTable } from './tables/follow';
import type { LoginFailureTable } from './tables/login-failure';
import type { MediaTable } from './tables/media';
import type { PostTable } from './tables/post';
import type { SessionTable } from './tables/session';
import type { SubscriptionTable } from './tables/subscription';
import type { UserTable } from './tables/user';
import type { VideoJobTable } from './tables/video-job';

export interface Database {
  users: UserTable;
  blogs: BlogTable;
  sessions: SessionTable;
  email_verifications: EmailVerificationTable;
  login_failures: LoginFailureTable;
  follows: FollowTable;
  subscriptions: SubscriptionTable;
  posts: PostTable;
  media: MediaTable;
  video_jobs: VideoJobTable;
}

export type Db = Kysely<Database>;
