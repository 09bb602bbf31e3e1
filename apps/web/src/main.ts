// First, before any schema is built (see the file).
import './lib/zod-config';
import { startApp } from './app/app';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
startApp(root);
