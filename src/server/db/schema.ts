import type { Kysely } from 'kysely';
import type { ActivityDayTable } from './tables/activity-day';
import type { BlockTable } from './tables/block';
import type { FeatureFlagOverrideTable, FeatureFlagTable } from './tables/feature-flag';
import type { LikeTable } from './tables/like';
import type { NotificationTable } from './tables/notification';
import type { ReplyTable } from './tables/reply';
import type { ReportTable } from './tables/report';
import type { ShareEmailTable } from './tables/share-email';
import type { BlogTable } from './tables/blog';
import type { EmailVerificationTable } from './tables/email-verification';
import type { FollowTable } from './tables/follow';
import type { RateLimitTable } from './tables/rate-limit';
import type { MediaTable } from './tables/media';
import type { PostTable } from './tables/post';
import type { PostMediaTable } from './tables/post-media';
import type { SessionTable } from './tables/session';
import type { SubscriptionTable } from './tables/subscription';
import type { PostTagTable, TagFollowTable } from './tables/tag';
import type { UserTable } from './tables/user';
import type { VideoJobTable } from './tables/video-job';

export interface Database {
  users: UserTable;
  blogs: BlogTable;
  sessions: SessionTable;
  email_verifications: EmailVerificationTable;
  rate_limits: RateLimitTable;
  follows: FollowTable;
  subscriptions: SubscriptionTable;
  posts: PostTable;
  media: MediaTable;
  post_media: PostMediaTable;
  video_jobs: VideoJobTable;
  blocks: BlockTable;
  likes: LikeTable;
  replies: ReplyTable;
  notifications: NotificationTable;
  activity_days: ActivityDayTable;
  reports: ReportTable;
  share_emails: ShareEmailTable;
  feature_flags: FeatureFlagTable;
  feature_flag_overrides: FeatureFlagOverrideTable;
  post_tags: PostTagTable;
  tag_follows: TagFollowTable;
}

export type Db = Kysely<Database>;
