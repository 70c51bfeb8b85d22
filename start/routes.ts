import './routes/web.js'
/* before api.js: routes match in registration order and api.js ends with the /api/* catch-all */
import './routes/api_study_stats.js'
import './routes/api.js'
import './routes/web_notes.js'
import './routes/web_decks.js'
import './routes/web_study_stats.js'
import './routes/web_learning.js'
import './routes/web_imports.js'
