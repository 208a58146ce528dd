import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/i18n';
import { BatonApp } from './app/App';
import { initRouter } from './app/router';
import './styles/global.css';
import './styles/touch.css';

initRouter();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <BatonApp />
  </StrictMode>,
);
