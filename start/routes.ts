import './routes/web.js'
import './routes/api.js'
import './routes/web_notes.js'
import './routes/web_decks.js'
