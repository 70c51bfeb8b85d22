/** The demo account the README prints, seeded on every `npm start` (database/seeders/demo_seeder.ts). */
export const DEMO = { email: 'demo@mnemo.app', password: 'mnemo-demo-2026', name: 'Demo Learner' }
