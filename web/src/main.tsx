import { createRoot } from 'react-dom/client';
import 'katex/dist/katex.min.css';
import './styles/app.css';
import './styles/rendered.css';
import { Root } from './views/Root';

createRoot(document.getElementById('root')!).render(<Root />);
