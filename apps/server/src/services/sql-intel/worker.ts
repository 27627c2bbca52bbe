/** The worker-thread entry of the SQL-intelligence pool (piscina calls the default export per task). */
import { runTask, type IntelTask } from './tasks.js';

export default function work(task: IntelTask) {
  return runTask(task);
}
