import { useEffect, useRef, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { usePageTitle } from '../page/use-page-title';
import { currentChannel, useUserInfo } from '../api/user';
import { messagingUserOf } from './session';
import { openConversationByName } from './open';

/**
 * /messaging/conversation/{name} and /conversation/new/{name} (spec 2 §2): the dashboard, with
 * the conversation's window opened over it; the address then becomes the dashboard's.
 */
export function ConversationLinkPage({ under }: { under: ReactNode }) {
  const { name = '' } = useParams();
  const { data: info } = useUserInfo();
  const navigate = useNavigate();
  const started = useRef(false);
  usePageTitle(`Message ${name}`);

  useEffect(() => {
    if (!info || started.current) return;
    started.current = true;
    const acting = currentChannel(info);
    const user = messagingUserOf(info);
    void (async () => {
      if (acting) await openConversationByName(name, { uuid: acting.uuid, name: acting.name }, user.channels.map((c) => c.name));
      navigate('/dashboard', { replace: true });
    })();
  }, [info, name, navigate]);

  // The dashboard sends a logged-out visitor to log in, and back here after.
  return under;
}
