import type { Kysely } from 'kysely';
import type { ActivityDayTable } from './tables/activity-day';
import type { AskBlockTable, SiteSecretTable } from './tables/ask-block';
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
import type {
  ConversationParticipantTable, ConversationTable, MessageHiddenTable, MessageMediaTable, MessageReportTable, MessageTable,
} from './tables/messaging';
import type { PostTable } from './tables/post';
import type { PostMediaTable } from './tables/post-media';
import type { BlogTagTable, PostSearchTable } from './tables/post-search';
import type { SessionTable } from './tables/session';
import type { SurveyAnswerTable, SurveyTable } from './tables/survey';
import type { SubscriptionTable } from './tables/subscription';
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
  conversations: ConversationTable;
  conversation_participants: ConversationParticipantTable;
  messages: MessageTable;
  message_media: MessageMediaTable;
  message_hidden: MessageHiddenTable;
  message_reports: MessageReportTable;
  post_search: PostSearchTable;
  blog_tags: BlogTagTable;
  surveys: SurveyTable;
  survey_answers: SurveyAnswerTable;
  ask_blocks: AskBlockTable;
  site_secrets: SiteSecretTable;
}

export type Db = Kysely<Database>;
