import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The bare react-admin app of the bench, built like the portal (same plugin, production mode).
export default defineConfig({
  root: import.meta.dirname,
  base: '/bare/',
  plugins: [react()],
  logLevel: 'error',
  build: { emptyOutDir: true, chunkSizeWarningLimit: 5000 },
});
