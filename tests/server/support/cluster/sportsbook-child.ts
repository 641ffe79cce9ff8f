/** A sportsbook instance as a child process (./sportsbook-process.ts); prints "READY <origin>" once it listens. */
import { startChildSportsbook } from './sportsbook-process';

const sportsbook = await startChildSportsbook();
console.log(`READY ${sportsbook.app.listeningOrigin}`);
