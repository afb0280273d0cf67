-- GET /api/products/search?q=… over what shoppers type: mostly two words, a few broad ones;
-- the first page of 24, as the storefront's search page asks.
dofile("bench/lua/common.lua")

local queries = {
   "silk abaya", "linen wrap dress", "party dress", "hijab set", "velvet dirac",
   "school backpack", "kaftan", "sandals", "embroidered jilbab", "teal",
}

function init(args)
   math.randomseed(index)
end

function request()
   local q = queries[math.random(#queries)]:gsub(" ", "+")
   return wrk.format("GET", "/api/products/search?q=" .. q .. "&page=1&limit=24")
end
