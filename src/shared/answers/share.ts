// Answer schemas of sharing (spec 1 §3 "Share popover data", §7 "Share calls"): the popover's data,
// emailed shares, the networks' share windows, and reports of posts.
import { z } from 'zod';
import type { NetworkShareResponse, ReportResponse, ShareDataResponse, ShareEmailResponse } from '../share/types';

const text = z.string();
const flag = z.boolean();

export const shareDataSchema: z.ZodType<ShareDataResponse> = z.object({
  share_popover_data: z.object({
    show_email: flag,
    show_embed: flag,
    show_facebook: flag,
    show_permalink: flag,
    show_pinterest: flag,
    show_reporting_links: flag,
    show_twitter: flag,
    show_reddit: flag,
    show_flagging: flag,
    abuse_url: text,
    embed_code: text,
    embed_did: text,
    embed_key: text,
    form_key: text.nullable(),
    has_facebook: flag,
    has_user: flag,
    is_private: flag,
    permalink_label: text,
    post_id: text,
    post_tiny_url: text,
    post_url: text,
    root_id: text,
    tumblelog_name: text,
    twitter_username: text.nullable(),
    pinterest_share_window: z.object({ url: text, name: text, dimensions: z.object({ width: z.number(), height: z.number() }) }),
    tumblelog_share: flag,
    post_summary: text,
  }),
});

export const shareEmailSchema: z.ZodType<ShareEmailResponse> = z.object({ sent: z.literal(true), remaining: z.number() });

export const networkShareAnswerSchema: z.ZodType<NetworkShareResponse> = z.object({
  network: z.enum(['twitter', 'facebook', 'pinterest', 'reddit']),
  posted: z.literal(false),
  share_window: z.object({ url: text, name: text }),
});

export const facebookStatusSchema = z.object({ label: text });

export const reportAnswerSchema: z.ZodType<ReportResponse> = z.object({
  report: z.object({ id: text, post_id: text, reason: text, message: text, created_at: text }),
  already_reported: flag,
});
