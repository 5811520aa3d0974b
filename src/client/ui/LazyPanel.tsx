import { Component, Suspense, type ReactNode } from 'react';
import { reportPanelFailure } from '../logging/panel-failure';
import styles from './LazyPanel.module.css';
import { Button } from './Button';

interface LazyPanelProps {
  /** Names the panel in the server's log ('page:SearchPage', 'Inbox', ...). */
  name: string;
  /** Shown while the panel's code loads. */
  fallback: ReactNode;
  /** Where the failure sits, when the panel's place needs a frame for it (a page's column). */
  frame?: (failure: ReactNode) => ReactNode;
  children: ReactNode;
}

/**
 * Where every lazily loaded panel goes (React.lazy under Suspense): if its code cannot load (a tab
 * left open across a redeploy asks for a chunk that is gone) or it breaks, this panel alone says
 * so and offers a reload; the header and the rest of the page stay. The failure is logged.
 * React.lazy keeps a failed load as failed, so only a reload (new code) can bring the panel back.
 */
export class LazyPanel extends Component<LazyPanelProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    reportPanelFailure(this.props.name, error);
  }

  render() {
    if (this.state.failed) return this.props.frame ? this.props.frame(<PanelFailed />) : <PanelFailed />;
    return <Suspense fallback={this.props.fallback}>{this.props.children}</Suspense>;
  }
}

function PanelFailed() {
  return (
    <div className={styles.failed} role="alert">
      <p>This part of the page could not load. The site may have been updated since you opened it.</p>
      <Button variant="primary" size="large" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </div>
  );
}
