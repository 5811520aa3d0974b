import type { Migration } from 'kysely';
import * as accounts from './2026-11-22T00-accounts';
import * as posts from './2026-11-22T01-posts';
import * as media from './2026-11-22T02-media';
import * as gifSearch from './2026-11-22T03-gif-search';
import * as feedIndex from './2026-11-22T04-feed-index';
import * as subscriptions from './2026-11-22T05-subscriptions';
import * as social from './2026-11-22T06-social';
import * as featureFlags from './2026-11-22T07-feature-flags';
import * as notes from './2026-11-22T08-notes';
import * as moderation from './2026-11-22T09-moderation';
import * as blogSettings from './2026-11-22T10-blog-settings';
import * as share from './2026-11-22T11-share';
import * as activityDays from './2026-11-22T12-activity-days';
import * as publishIdPublished from './2026-11-22T13-publish-id-published';
import * as postMedia from './2026-11-22T14-post-media';
import * as rateLimits from './2026-11-22T20-rate-limits';
import * as asks from './2026-11-24T00-asks';
import * as messaging from './2026-11-24T00-messaging';
import * as accountSecurity from './2026-11-24T04-account-security';
import * as postSearch from './2026-11-24T04-post-search';
import * as sensitiveAppeals from './2026-11-24T04-sensitive-appeals';
import * as blogViewer from './2026-11-24T05-blog-viewer';
import * as videoConversions from './2026-11-24T05-video-conversions';
import * as blogTagsLockOrder from './2026-11-24T06-blog-tags-lock-order';
import * as adCampaigns from './2026-11-24T07-ad-campaigns';
import * as messagingMediaSafety from './2026-11-24T07-messaging-media-safety';
import * as behaviourLog from './2026-11-24T10-behaviour-log';
import * as tags from './2026-11-24T16-tags';
import * as blogSearch from './2026-11-24T17-blog-search';
import * as safeModeFlag from './2026-11-24T18-safe-mode-flag';
import * as searchRecent from './2026-11-24T19-search-recent';
import * as discoperfPostNotes from './2026-11-24T20-discoperf-post-notes';
import * as discoperfPostTagsCovering from './2026-11-24T20-discoperf-post-tags-covering';
import * as drawerSearchWalk from './2026-11-24T20-drawer-search-walk';
import * as drawerTagAudiences from './2026-11-24T20-drawer-tag-audiences';
import * as insightsWatermark from './2026-11-24T20-insights-watermark';
import * as msg2DesktopNotifications from './2026-11-24T20-msg2-desktop-notifications';
import * as msg2InboxVariant from './2026-11-24T20-msg2-inbox-variant';
import * as safeModeOffered from './2026-11-26T21-safe-mode-offered';
import * as impressionReaders from './2026-11-26T22-impression-readers';
import * as logAllowances from './2026-11-26T22-log-allowances';
import * as searchSensitive from './2026-11-26T23-search-sensitive';
import * as passwordResets from './2026-11-28T10-password-resets';
import * as multiWindow from './2026-11-28T20-multi-window';
import * as federation from './2026-11-28T22-federation';
import * as altTextReminder from './2026-11-29T01-alt-text-reminder';
import * as leaving from './2026-11-29T02-leaving';
import * as queueOrder from './2026-11-29T03-queue-order';
import * as palette from './2026-11-29T05-palette';
import * as actionSource from './2026-11-29T06-action-source';
import * as photoReplies from './2026-11-30T03-photo-replies';
import * as remotePostsOnDashboard from './2026-11-30T01-remote-posts-on-dashboard';
import * as remoteReactions from './2026-11-30T01-remote-reactions';
import * as federationBlocks from './2026-11-30T05-federation-blocks';
import * as sentVersions from './2026-11-30T01-sent-versions';

/** Every migration, by name; names sort in the order they run. */
export const migrations: Record<string, Migration> = {
  '2026-11-22T00-accounts': accounts,
  '2026-11-22T01-posts': posts,
  '2026-11-22T02-media': media,
  '2026-11-22T03-gif-search': gifSearch,
  '2026-11-22T04-feed-index': feedIndex,
  '2026-11-22T05-subscriptions': subscriptions,
  '2026-11-22T06-social': social,
  '2026-11-22T07-feature-flags': featureFlags,
  '2026-11-22T08-notes': notes,
  '2026-11-22T09-moderation': moderation,
  '2026-11-22T10-blog-settings': blogSettings,
  '2026-11-22T11-share': share,
  '2026-11-22T12-activity-days': activityDays,
  '2026-11-22T13-publish-id-published': publishIdPublished,
  '2026-11-22T14-post-media': postMedia,
  '2026-11-22T20-rate-limits': rateLimits,
  '2026-11-24T00-asks': asks,
  '2026-11-24T00-messaging': messaging,
  '2026-11-24T04-account-security': accountSecurity,
  '2026-11-24T04-post-search': postSearch,
  '2026-11-24T04-sensitive-appeals': sensitiveAppeals,
  '2026-11-24T05-blog-viewer': blogViewer,
  '2026-11-24T05-video-conversions': videoConversions,
  '2026-11-24T06-blog-tags-lock-order': blogTagsLockOrder,
  '2026-11-24T07-ad-campaigns': adCampaigns,
  '2026-11-24T07-messaging-media-safety': messagingMediaSafety,
  '2026-11-24T10-behaviour-log': behaviourLog,
  '2026-11-24T16-tags': tags,
  '2026-11-24T17-blog-search': blogSearch,
  '2026-11-24T18-safe-mode-flag': safeModeFlag,
  '2026-11-24T19-search-recent': searchRecent,
  '2026-11-24T20-discoperf-post-notes': discoperfPostNotes,
  '2026-11-24T20-discoperf-post-tags-covering': discoperfPostTagsCovering,
  '2026-11-24T20-drawer-search-walk': drawerSearchWalk,
  '2026-11-24T20-drawer-tag-audiences': drawerTagAudiences,
  '2026-11-24T20-insights-watermark': insightsWatermark,
  '2026-11-24T20-msg2-desktop-notifications': msg2DesktopNotifications,
  '2026-11-24T20-msg2-inbox-variant': msg2InboxVariant,
  '2026-11-26T21-safe-mode-offered': safeModeOffered,
  '2026-11-26T22-impression-readers': impressionReaders,
  '2026-11-26T22-log-allowances': logAllowances,
  '2026-11-26T23-search-sensitive': searchSensitive,
  '2026-11-28T10-password-resets': passwordResets,
  '2026-11-28T20-multi-window': multiWindow,
  '2026-11-28T22-federation': federation,
  '2026-11-29T01-alt-text-reminder': altTextReminder,
  '2026-11-29T02-leaving': leaving,
  '2026-11-29T03-queue-order': queueOrder,
  '2026-11-29T05-palette': palette,
  '2026-11-29T06-action-source': actionSource,
  '2026-11-30T03-photo-replies': photoReplies,
  '2026-11-30T01-remote-posts-on-dashboard': remotePostsOnDashboard,
  '2026-11-30T01-remote-reactions': remoteReactions,
  '2026-11-30T01-sent-versions': sentVersions,
  '2026-11-30T05-federation-blocks': federationBlocks,
};
