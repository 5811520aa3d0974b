import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SEND_RETRY_TEXTS, TEXT_CANNOT_RECEIVE, TEXT_CANNOT_SEND_POST } from '../../shared/messaging/constants';
import { ApiError } from '../api/client';
import * as api from './api';
import { messagingUi, useMessagingUi } from './store';
import type { MessagesPage } from './types';
import { useConversation } from './use-conversation';

vi.mock('./api', async (original) => ({ ...(await original<typeof import('./api')>()), fetchMessages: vi.fn(), sendMessage: vi.fn() }));
const fetchMessages = vi.mocked(api.fetchMessages);
const sendMessage = vi.mocked(api.sendMessage);

const ME = 'uuid-me';
const BOB = { uuid: 'uuid-bob', name: 'bob', url: '/blog/bob' };
let nextTs = 1000;
const answerFor = (text: string): MessagesPage => ({
  id: '77',
  can_send: true,
  messages: { data: [{ ts: String(nextTs++), type: 'TEXT', participant: ME, content: { text } }] },
});

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return renderHook(
    () => {
      const record = useMessagingUi((s) => s.windows)[0]!;
      return { record, conversation: useConversation(record, { active: true, otherName: 'bob' }) };
    },
    { wrapper },
  );
}

describe('a conversation window sends its queue', () => {
  beforeEach(() => {
    messagingUi.reset();
    messagingUi.dispatch({ type: 'open', record: { id: 'new:uuid-me:uuid-bob', participantUuid: ME, participants: [BOB] }, now: 1 });
    fetchMessages.mockReset();
    sendMessage.mockReset();
  });

  it('sends quick messages of a new conversation one at a time, in order, and the window takes the id', async () => {
    fetchMessages.mockRejectedValueOnce(new ApiError(404, 'No such conversation'));
    const inFlight: string[] = [];
    sendMessage.mockImplementation(async (_target, item) => {
      inFlight.push(item.text);
      expect(inFlight).toHaveLength(1);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight.pop();
      return answerFor(item.text);
    });
    const { result } = setup();
    await waitFor(() => expect(result.current.conversation.query.isSuccess).toBe(true));
    expect(result.current.conversation.messages).toEqual([]);
    act(() => {
      result.current.conversation.send('one');
      result.current.conversation.send('two');
      result.current.conversation.send('three');
    });
    await waitFor(() => expect(result.current.conversation.messages.map((m) => m.content?.text)).toEqual(['one', 'two', 'three']));
    expect(sendMessage.mock.calls.map(([target, item]) => [target.conversationId ?? target.participants, item.text])).toEqual([
      [[ME, BOB.uuid], 'one'],
      ['77', 'two'],
      ['77', 'three'],
    ]);
    // Every message went with its own key.
    expect(new Set(sendMessage.mock.calls.map(([, item]) => item.key)).size).toBe(3);
    expect(result.current.record.id).toBe('77');
    expect(result.current.conversation.outgoing).toEqual([]);
    // Renamed with its data: not fetched again.
    expect(fetchMessages).toHaveBeenCalledTimes(1);
  });

  it('stops at a failure with a retry line, and goes on after Retry', async () => {
    fetchMessages.mockRejectedValueOnce(new ApiError(404, 'No such conversation'));
    sendMessage.mockRejectedValueOnce(new ApiError(500, 'Broken')).mockImplementation(async (_t, item) => answerFor(item.text));
    const { result } = setup();
    await waitFor(() => expect(result.current.conversation.query.isSuccess).toBe(true));
    act(() => {
      result.current.conversation.send('one');
      result.current.conversation.send('two');
    });
    await waitFor(() => expect(result.current.conversation.outgoing[0]?.status).toBe('error'));
    const [failed, waiting] = result.current.conversation.outgoing;
    expect(SEND_RETRY_TEXTS).toContain(failed!.errorText);
    expect(failed!.canRetry).toBe(true);
    expect(waiting!.status).toBe('queued');
    expect(sendMessage).toHaveBeenCalledTimes(1);
    act(() => result.current.conversation.retry(failed!.key));
    await waitFor(() => expect(result.current.conversation.messages.map((m) => m.content?.text)).toEqual(['one', 'two']));
  });

  it.each([
    [new ApiError(404, 'Gone'), TEXT_CANNOT_SEND_POST],
    [new ApiError(403, 'No', [{ code: 7002, title: 'x' }]), TEXT_CANNOT_RECEIVE],
  ])('cannot retry a refusal that will stand (%s)', async (error, text) => {
    fetchMessages.mockResolvedValueOnce({ id: '77', messages: { data: [] } });
    sendMessage.mockRejectedValueOnce(error);
    const { result } = setup();
    await waitFor(() => expect(result.current.conversation.query.isSuccess).toBe(true));
    act(() => result.current.conversation.send('one'));
    await waitFor(() => expect(result.current.conversation.outgoing[0]?.status).toBe('error'));
    expect(result.current.conversation.outgoing[0]).toMatchObject({ canRetry: false, errorText: text });
  });
});
