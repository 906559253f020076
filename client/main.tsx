// Mantine's global styles; each component's come with it (vite-plugins/mantine-styles.ts).
import 'virtual:mantine-styles.css';
import { bootstrap } from './app/bootstrap.tsx';

void bootstrap(document.getElementById('root')!);
