// NOTE: moved to shared/lib/opening-hours.ts (docs/architecture.md, Shared code). This re-export stays only
// while server/plugins/app/seo/prerender.ts, which the server-rendering work replaces, still imports this path;
// import shared/lib/opening-hours.ts everywhere else, and delete this file with that import.
export { clinicClock, isOpenAt, type DayHours } from './lib/opening-hours';
