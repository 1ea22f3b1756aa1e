import { startApp } from './app/bootstrap';

const container = document.getElementById('root');
if (container !== null) void startApp(container);
