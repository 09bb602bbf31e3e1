import { Component, type ReactNode } from 'react';
import { FullPageLoading } from '../layout/full-page-loading';
import { failedChunkUrl, isChunkLoadError, page, probeChunk, reloadOnceFor } from './chunk-failure';
import { OutageScreen } from './outage-screen';

type State = {
  /** What a screen threw while it rendered; undefined while all is well. */
  error?: Error;
  /** Failed checks so far (the outage page's back-off step); 0 while the first one runs. */
  failures: number;
  failedAt: number;
  retrying: boolean;
};

/**
 * Catches a lazily loaded chunk that can't be loaded (a screen's, a dialog's), which React.lazy
 * throws and no Suspense catches: without this the whole page went white. It asks the server for
 * the chunk again: if the server answers (a deploy renamed the file, or the failure passed), the
 * page reloads, once per chunk a minute (chunk-failure.ts); if not, the outage page, with
 * "Reintentar" and its automatic attempts, each asking again and reloading once it answers.
 * (React.lazy keeps its failure: the screen can come back only with a new page.) Any other error
 * goes on up, as before.
 */
export class ChunkErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failures: 0, failedAt: 0, retrying: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown) {
    if (isChunkLoadError(error)) void this.check(error);
  }

  /** `byHand`: "Reintentar" pressed, which reloads whenever the server answers (no guard). */
  private async check(error: unknown, byHand = false) {
    const url = failedChunkUrl(error);
    const seen = await probeChunk(url);
    if (seen !== 'down') {
      // Reloading: the page goes; nothing more to show.
      if (byHand) return page.reload();
      if (reloadOnceFor(url)) return;
    }
    this.setState((state) => ({
      failures: state.failures + 1,
      failedAt: Date.now(),
      retrying: false,
    }));
  }

  private retry = (byHand = false) => {
    const { error, retrying } = this.state;
    if (!error || retrying) return;
    this.setState({ retrying: true });
    void this.check(error, byHand);
  };

  override render() {
    const { error, failures, failedAt, retrying } = this.state;
    if (!error) return this.props.children;
    if (!isChunkLoadError(error)) throw error;
    // The first check is quick: a deploy's reload shouldn't flash the outage page first.
    if (failures === 0) return <FullPageLoading />;
    return (
      <OutageScreen
        failures={failures}
        failedAt={failedAt}
        retrying={retrying}
        onRetry={() => this.retry()}
        onRetryByHand={() => this.retry(true)}
      />
    );
  }
}
