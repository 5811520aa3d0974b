import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { QUERY_DEFAULTS } from '../api/retry';
import { subscribe } from '../events/bus';
import { logVideoEvent } from '../logging';
import { startConversionLog } from '../players/conversion';
import './global.css';
import './palettes.css';
import './motion.css';
import { startPalette } from '../ui/palette';
import { AppRoutes } from './router';

const queryClient = new QueryClient({ defaultOptions: QUERY_DEFAULTS });

startPalette();
// Spec 1 §7: a logged-in viewer's first play of each video is logged once.
startConversionLog();
// Spec 2 §7: the players' video events go out with the behaviour logs (POST /svc/log/video).
subscribe('video', logVideoEvent);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
