/** The worker-thread entry of schema linking (piscina calls the default export per task). */
import { runLinkTask, type LinkTask } from './schema-link-tasks.js';

export default function work(task: LinkTask) {
  return runLinkTask(task);
}
