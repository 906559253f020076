import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { bootstrap } from './app/bootstrap.tsx';

void bootstrap(document.getElementById('root')!);
