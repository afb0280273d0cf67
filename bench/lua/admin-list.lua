-- GET over the back office's list queries in the file $BENCH_URLS (one path a line, written
-- by bench/run.sh from the seeded shop): each request one of them at random, as an admin
-- filtering and searching a list would send it. The admin's token comes from wrk's command
-- line (-H), which wrk.format adds to every request.
dofile("bench/lua/common.lua")

local paths = read_lines(os.getenv("BENCH_URLS"))

function init(args)
   math.randomseed(index)
end

function request()
   return wrk.format("GET", paths[math.random(#paths)])
end
