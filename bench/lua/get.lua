-- A fixed GET (the URL and headers come from wrk's command line).
dofile("bench/lua/common.lua")
