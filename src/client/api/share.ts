import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReportReason } from '../../shared/share/report';
import type { NetworkShareResponse, ReportResponse, ShareDataResponse, ShareEmailResponse, SharePopoverData } from '../../shared/share/types';
import { apiPost } from './client';

export const shareKeys = {
  data: (blog: string, postId: string) => ['share', blog, postId] as const,
};

/** The share popover's data for one post; asked for when the popover opens. */
export function useShareData(blog: string, postId: string, enabled: boolean) {
  return useQuery({
    queryKey: shareKeys.data(blog, postId),
    queryFn: async (): Promise<SharePopoverData> =>
      (await apiPost<ShareDataResponse>(`/svc/post/share/${encodeURIComponent(blog)}/${encodeURIComponent(postId)}`)).share_popover_data,
    enabled,
    staleTime: 60_000,
  });
}

export interface EmailShareInput {
  email_address: string;
  message: string;
  post_id: string;
  tumblelog_name: string;
  allow_reply_to: boolean;
  share_fallback: boolean;
}

export function useEmailShare() {
  return useMutation({ mutationFn: (input: EmailShareInput) => apiPost<ShareEmailResponse>('/svc/share/email', input) });
}

/** A whole blog by email (spec 1 §6: tumblelog-level shares use their own call). */
export function useEmailBlogShare() {
  return useMutation({
    mutationFn: (input: Omit<EmailShareInput, 'post_id'>) => apiPost<ShareEmailResponse>('/svc/email_tumblelog', input),
  });
}

export type ShareNetwork = NetworkShareResponse['network'];

/**
 * POST /svc/share/{network} (spec 2 §7). No network account is linked here, so with share_fallback
 * the server answers the network's own share page, which the caller opens.
 */
export const shareToNetwork = (network: ShareNetwork, input: { post_id: string; tumblelog_name: string; share_fallback: 'popup' | 'non-subview'; message?: string }) =>
  apiPost<NetworkShareResponse>(`/svc/share/${network}`, input);

export interface ReportInput {
  post_id: string;
  tumblelog_name: string;
  reason: ReportReason;
  message: string;
}

export function useReportPost() {
  return useMutation({ mutationFn: (input: ReportInput) => apiPost<ReportResponse>('/svc/post/report', input) });
}

/** Spec 2 §7: POST /svc/facebook_status, the linked Facebook account's name ('' when none is linked). */
export const facebookStatus = () => apiPost<{ label: string }>('/svc/facebook_status', {});
