import './routes/web.js'
import './routes/api.js'
