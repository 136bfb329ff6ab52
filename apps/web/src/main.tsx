import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { App } from './app/app';
import './index.css';

// zod would otherwise probe `new Function` (its faster validators), which our Content Security
// Policy forbids: the browser reports it on every page
z.config({ jitless: true });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
