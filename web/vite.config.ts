// Builds the client into dist/, which boyi-server serves (`boyi-server --web web/dist`).
// Relative asset paths, so the files work from any folder; nothing loads from elsewhere.
import { defineConfig } from "vite";

export default defineConfig({
  base: "./",
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2020",
    assetsInlineLimit: 0,
  },
  server: {
    // `npx vite` during development: API and WebSocket go to a local boyi-server.
    proxy: {
      "/api": "http://127.0.0.1:7700",
      "/ws": { target: "ws://127.0.0.1:7700", ws: true },
    },
  },
});
