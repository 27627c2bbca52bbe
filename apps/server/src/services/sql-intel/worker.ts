/** The worker-thread entry of the SQL-intelligence pool (piscina calls the default export per task). */
import { runTask, type TimedTask } from './tasks.js';

export default function work(task: TimedTask) {
  return runTask(task);
}
